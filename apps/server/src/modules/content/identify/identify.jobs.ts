import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { identifierFor } from './identify.provider.js';
import { SHIPPED_PESTS } from './knowledge.data.js';
import { seedShipped } from './knowledge.repository.js';

// At start: the shipped pest knowledge base is added to the platform's rows (missing codes only, so edits
// made since are kept; a dozen rows, milliseconds). At stop: the ONNX session is released.

export const seedPestKnowledge = (platform: Platform): Promise<number> =>
  platform.database.withTenant(0, (tx) => seedShipped(tx, SHIPPED_PESTS));

export const identifyJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => [
  {
    name: 'identify.knowledge',
    start: async () => {
      const added = await seedPestKnowledge(platform);
      if (added > 0) log.info({ added }, 'pest knowledge base entries added');
      return async () => {
        await identifierFor(platform.config.identify).close();
      };
    },
  },
];
