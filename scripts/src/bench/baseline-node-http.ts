import http from 'node:http';
import { Pool } from 'pg';

/**
 * The machine's limit for one primary-key read: a bare node:http server answering JSON from one pg
 * query, with the API's pool size. Started by the benchmark as its own process.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const employeeId = Number(process.env.EMPLOYEE_ID);

const server = http.createServer((req, res) => {
  if (req.url === '/healthz') {
    res.end('ok');
    return;
  }
  if (req.url === '/readyz') {
    pool.query('SELECT 1').then(
      () => res.end('ok'),
      () => res.writeHead(503).end(),
    );
    return;
  }
  pool
    .query('SELECT id, name, email, job_role, hire_date FROM employees WHERE id = $1', [employeeId])
    .then(({ rows }) => {
      const body = JSON.stringify(rows[0]);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    })
    .catch(() => {
      res.writeHead(500).end();
    });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end()));
