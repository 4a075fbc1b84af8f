import { Router, type Request } from 'express';
import {
  EMPLOYEE_SORT_FIELDS,
  employeeBalancesWithNoteSchema,
  employeeCreateSchema,
  employeeTexts,
  employeeChangeSchema,
  teamFilterSchema,
} from '@teamfolk/shared';
import { requirePermission, requireVerifiedEmail, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import type { BalancesService } from '../balances/balances.service';
import type { KeptReplies } from '../http/kept-replies';
import { pageReply, parseListQuery } from '../http/list-query';
import { routeId } from '../http/route-id';
import type { EmployeesRepository } from './employees.repository';
import type { EmployeesService } from './employees.service';
import type { TakenAddressLimits } from './taken-address-limits';

const employeeId = (req: Request) => routeId(req, employeeTexts.notFound);

/** Each route behind `session` and its permission. A list page is written by the repository's fast path. */
export function employeesRoutes(
  session: SessionGuard,
  employees: EmployeesService,
  records: EmployeesRepository,
  kept: KeptReplies,
  takenAddresses: TakenAddressLimits,
  balances: BalancesService,
): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('employees', 'list'), async (req, res) => {
    const query = parseListQuery(req, EMPLOYEE_SORT_FIELDS);
    // `?team_id=` (the contract's), or react-admin's filter of the same name.
    const teamFilter = teamFilterSchema.parse({ team_id: req.query.team_id ?? query.filter.team_id });
    // The stored figures of a new leave year, month or expiry are worked out before the page reads them.
    const refreshed = await balances.refreshCompany(sessionOf(req).companyId, sessionOf(req).dataVersion);
    await kept.send(
      req,
      res,
      JSON.stringify([query, teamFilter]),
      async () =>
        pageReply(
          'employees',
          query.range,
          await records.page(employees.pageCriteria(sessionOf(req), query, teamFilter)),
        ),
      { changedSinceVersion: refreshed },
    );
  });

  router.get('/:id', ...session, requirePermission('employees', 'show'), async (req, res) => {
    res.json(await employees.get(sessionOf(req), employeeId(req)));
  });

  router.post('/', ...session, requirePermission('employees', 'create'), requireVerifiedEmail, async (req, res) => {
    const input = employeeCreateSchema.parse(req.body);
    const created = await takenAddresses.limit(req, input.email, () => employees.create(sessionOf(req), input, req.id));
    res.status(201).json(created);
  });

  router.put('/:id', ...session, requirePermission('employees', 'edit'), async (req, res) => {
    const id = employeeId(req);
    const input = employeeChangeSchema.parse(req.body);
    res.json(await takenAddresses.limit(req, input.email, () => employees.update(sessionOf(req), id, input, req.id)));
  });

  router.put('/:id/balances', ...session, requirePermission('employees', 'editBalances'), async (req, res) => {
    const id = employeeId(req);
    const input = employeeBalancesWithNoteSchema.parse(req.body);
    res.json(await employees.updateBalances(sessionOf(req), id, input, req.get('If-Match')));
  });

  router.delete('/:id', ...session, requirePermission('employees', 'delete'), async (req, res) => {
    res.json(await employees.remove(sessionOf(req), employeeId(req)));
  });

  router.post(
    '/:id/resend-invitation',
    ...session,
    requirePermission('employees', 'resendInvitation'),
    requireVerifiedEmail,
    async (req, res) => {
      res.json(await employees.resendInvitation(sessionOf(req), employeeId(req), req.id));
    },
  );

  return router;
}
