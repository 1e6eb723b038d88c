/**
 * The content contract (schemas/content/contract.json), loaded in one place: every GET and POST
 * endpoint of the content service the site may call, with its schemas. The content client, the
 * submissions router, the bundled definitions and the tools read it from here; the development
 * server re-reads the file with the definitions (./definitions.server.ts), and the reference
 * content service loads and checks it with its samples (tools/content-service/contract.ts).
 */
import contract from '@site/schemas/content/contract.json' with { type: 'json' };
import type { ContentContract } from '../generated/content-contract.ts';

export const contentContract = contract as ContentContract;
