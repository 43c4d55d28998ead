import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db, RawSql } from './db/client';
import type { TokenSigner } from './platform/tokens';
import type { Cipher } from './platform/crypto';
import type { FileStore } from './platform/files';
import type { Jobs } from './platform/jobs';
import type { ZaloClient } from '@zc/zalo/client';
import type { ZaloHosts } from '@zc/zalo/hosts';

/** The Fastify instance with the Zod type provider, as modules receive it. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What every module's routes receive. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /** Raw (prepared) statements for the hot send path; the same database as `db`. */
  raw: RawSql;
  signer: TokenSigner;
  cipher: Cipher;
  files: FileStore;
  jobs?: Jobs;
  /** The one Zalo client (tokens in zalo_oas, per-OA rate limit). */
  zalo: ZaloClient;
  zaloHosts: ZaloHosts;
}
