import { Router } from 'express';
import { requireRole, sessionOf } from '../auth/auth.middleware';
import type { EmployeesService } from '../employees/employees.service';

/** Admin-only: mounted behind requireAuth. The subscription flows come with the billing issue. */
export function billingRoutes(employees: EmployeesService): Router {
  const router = Router();
  router.use(requireRole('admin'));

  router.get('/seats', async (req, res) => {
    res.json(await employees.seats(sessionOf(req)));
  });

  return router;
}
