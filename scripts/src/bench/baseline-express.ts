import express from 'express';
import { Pool } from 'pg';

/** The bare Express baseline: the same query as the node:http one, through Express 5's routing and res.json. */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const employeeId = Number(process.env.EMPLOYEE_ID);

const app = express();
app.disable('x-powered-by');
app.get('/healthz', (_req, res) => {
  res.send('ok');
});
app.get('/readyz', async (_req, res) => {
  await pool.query('SELECT 1');
  res.send('ok');
});
app.get('/employee', async (_req, res) => {
  const { rows } = await pool.query('SELECT id, name, email, job_role, hire_date FROM employees WHERE id = $1', [
    employeeId,
  ]);
  res.json(rows[0]);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => server.close(() => void pool.end()));
