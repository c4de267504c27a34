// STUB — being written (issue #2).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginAsyncZod = async () => {};
export default routes;
