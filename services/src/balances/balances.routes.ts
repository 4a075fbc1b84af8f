import { Router } from 'express';
import {
  balanceLedgerQuerySchema,
  balancesOnQuerySchema,
  employeeTexts,
  leavePolicyTexts,
  leavePolicyUpdateSchema,
} from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { routeId } from '../http/route-id';
import type { BalancesService } from './balances.service';

/** GET /api/leave-policy (everyone), PUT /api/leave-policy (admins). */
export function leavePolicyRoutes(session: SessionGuard, balances: BalancesService): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('leavePolicy', 'show'), async (req, res) => {
    res.json(await balances.policy(sessionOf(req)));
  });

  router.put('/', ...session, requirePermission('leavePolicy', 'edit'), async (req, res) => {
    const update = leavePolicyUpdateSchema.parse(req.body);
    res.json({ ...(await balances.savePolicy(sessionOf(req), update)), message: leavePolicyTexts.saved });
  });

  return router;
}

/**
 * A person's ledger and forecast, under /api/employees: their own, or anyone's of the company for an
 * admin (the service asks canAccess with the person it found).
 */
export function employeeBalancesRoutes(session: SessionGuard, balances: BalancesService): Router {
  const router = Router();

  router.get('/:id/balance-ledger', ...session, requirePermission('balances', 'show'), async (req, res) => {
    const { year } = balanceLedgerQuerySchema.parse(req.query);
    res.json(await balances.ledger(sessionOf(req), routeId(req, employeeTexts.notFound), year));
  });

  router.get('/:id/balances', ...session, requirePermission('balances', 'show'), async (req, res) => {
    const { on } = balancesOnQuerySchema.parse(req.query);
    res.json(await balances.balancesOn(sessionOf(req), routeId(req, employeeTexts.notFound), on));
  });

  return router;
}
