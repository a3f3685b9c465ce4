import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { hasBearerToken, isDirectFromThisMachine } from './bearer';
import { errorBody } from './errors';

/**
 * `npm run backup` on a site that runs on the embedded database asks the running
 * server for the copy (only the process holding PGlite may read it). Only on this machine,
 * straight to the process, with the secret the server wrote into DATA_DIR/server.json
 * (db/running-server.ts); anyone else gets the site's 404.
 */
export function registerEmbeddedBackupRoute(
  app: FastifyInstance,
  database: DatabaseHandle,
  token: string,
) {
  const dump = database.dumpEmbedded;
  if (!dump) return;
  app.get('/internal/backup', async (request, reply) => {
    if (!isDirectFromThisMachine(request) || !hasBearerToken(request, token)) {
      return reply.code(404).send(errorBody('not-found'));
    }
    const tarball = await dump();
    return reply
      .header('content-type', 'application/gzip')
      .header('cache-control', 'no-store')
      .send(Buffer.from(await tarball.arrayBuffer()));
  });
}
