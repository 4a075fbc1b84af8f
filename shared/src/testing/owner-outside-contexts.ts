import type { Sequelize } from 'sequelize';
import { insideTenantContext } from '../db/tenancy';

/**
 * For tests that set up and inspect data directly: a connection asked for outside any request or
 * job context (the application never does that: requests and jobs always carry one) comes from
 * `owner`, the schema owner's pool, so the code under test still meets RLS and the test around it
 * does not.
 */
export function useOwnerOutsideContexts(sequelize: Sequelize, owner: Sequelize): void {
  const connections = sequelize.connectionManager as unknown as ConnectionManager;
  const ownerConnections = owner.connectionManager as unknown as ConnectionManager;
  const borrowed = new WeakSet<object>();
  const { getConnection, releaseConnection, destroyConnection } = connections;
  connections.getConnection = async (options) => {
    if (insideTenantContext()) return getConnection.call(connections, options);
    const connection = await ownerConnections.getConnection(options);
    borrowed.add(connection);
    return connection;
  };
  connections.releaseConnection = async (connection) =>
    borrowed.has(connection)
      ? ownerConnections.releaseConnection(connection)
      : releaseConnection.call(connections, connection);
  connections.destroyConnection = async (connection) =>
    borrowed.has(connection)
      ? ownerConnections.destroyConnection(connection)
      : destroyConnection.call(connections, connection);
}

interface ConnectionManager {
  getConnection(options?: object): Promise<object>;
  releaseConnection(connection: object): Promise<void>;
  destroyConnection(connection: object): Promise<void>;
}
