export { createApp, type AppDependencies } from './app';
export { listen, type RunningServer } from './server';
export { hashPassword } from './auth/passwords';
export { createInvitation } from './auth/invitations';
export { CALENDAR_EVENTS_SQL } from './calendar/calendar.repository';
export { ledgerSubjectsSql } from './balances/balances.repository';
export { holidaysOfYear, publicHolidays } from './calendar/holidays';
export { EMPLOYEE_RECORD } from './employees/employee-record';
export { toLeaveRecord } from './leaves/leave-record';
