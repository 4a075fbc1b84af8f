import { Router } from 'express';
import {
  balanceLedgerQuerySchema,
  balancesOnQuerySchema,
  employeeTexts,
  leavePolicyTexts,
  leavePolicyUpdateSchema,
} from '@teamfolk/shared';
import { requireRole, sessionOf } from '../auth/auth.middleware';
import { routeId } from '../http/route-id';
import type { BalancesService } from './balances.service';

/*
 * Mounted behind requireAuth. Guards: requireRole('admin') as employees.routes.ts has it, and the
 * service's canAccess('balances', 'show') on the person read; the lead switches these to
 * requirePermission('leavePolicy', 'edit') / requirePermission('balances', 'show') once it lands.
 */

/** GET /api/leave-policy (everyone), PUT /api/leave-policy (admins). */
export function leavePolicyRoutes(balances: BalancesService): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await balances.policy(sessionOf(req)));
  });

  router.put('/', requireRole('admin'), async (req, res) => {
    const update = leavePolicyUpdateSchema.parse(req.body);
    res.json({ ...(await balances.savePolicy(sessionOf(req), update)), message: leavePolicyTexts.saved });
  });

  return router;
}

/** A person's ledger and forecast, under /api/employees: their own, or anyone's of the company for an admin. */
export function employeeBalancesRoutes(balances: BalancesService): Router {
  const router = Router();

  router.get('/:id/balance-ledger', async (req, res) => {
    const { year } = balanceLedgerQuerySchema.parse(req.query);
    res.json(await balances.ledger(sessionOf(req), routeId(req, employeeTexts.notFound), year));
  });

  router.get('/:id/balances', async (req, res) => {
    const { on } = balancesOnQuerySchema.parse(req.query);
    res.json(await balances.balancesOn(sessionOf(req), routeId(req, employeeTexts.notFound), on));
  });

  return router;
}
