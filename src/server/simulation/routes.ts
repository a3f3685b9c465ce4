import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlyFromThisMachine } from '../lib/loopback';
import { clockOf, moveClock, quiesce, readOnlyQuery, tick, type Simulation } from './service';

/**
 * The simulated year's handles on a process (decision 0046, docs/SIMULATION.md): its clock,
 * its timed work, its outbox and a read-only look at the database. Registered only when
 * SIMULATED_CLOCK is set (never in production), and answered only to this machine.
 */
export const simulationRoutes: FastifyPluginAsyncZod<{ simulation: Simulation }> = async (
  app,
  { simulation },
) => {
  app.addHook('onRequest', async (request) => onlyFromThisMachine(request));

  app.get('/_dev/sim/clock', async () => clockOf(simulation));

  app.post(
    '/_dev/sim/clock',
    { schema: { body: z.object({ now: z.iso.datetime({ offset: true }) }) } },
    async (request) => moveClock(simulation, new Date(request.body.now)),
  );

  app.post('/_dev/sim/tick', async () => tick(simulation));

  app.post('/_dev/sim/quiesce', async () => quiesce(simulation));

  app.post(
    '/_dev/sim/query',
    {
      schema: {
        body: z.object({ sql: z.string().min(1), params: z.array(z.unknown()).default([]) }),
      },
    },
    async (request, reply) => {
      try {
        return await readOnlyQuery(simulation, request.body.sql, request.body.params);
      } catch (error) {
        // The simulator's own query was wrong (or wrote): it reads PostgreSQL's words.
        const message = error instanceof Error ? error.message : String(error);
        return reply.code(400).send({ code: 'invalid-argument', message });
      }
    },
  );
};
