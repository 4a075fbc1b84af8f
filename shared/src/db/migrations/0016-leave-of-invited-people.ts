import type { Migration } from '../migrator';

/**
 * Leave an admin recorded for someone who had not accepted their invitation yet was stored without
 * the person's sign-in (user_id), and accepting did not fill it in: their decision e-mails found no
 * recipient, and the calendar showed them their own sick days as a colleague's. Accepting fills it
 * in now; this gives the requests recorded before the fix the sign-in their employee has since.
 */
export const leaveOfInvitedPeople: Migration = {
  name: '0016-leave-of-invited-people',
  async up({ context: sequelize }) {
    await sequelize.query(`
      UPDATE leave_requests l
         SET user_id = e.user_id
        FROM employees e
       WHERE l.employee_id = e.id AND l.company_id = e.company_id
         AND l.user_id IS NULL AND e.user_id IS NOT NULL;
    `);
  },
  // The sign-ins filled in are the right ones: nothing to take back.
  async down() {},
};
