import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the per-domain schema files. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** Money in VND, whole đồng. */
export const money = (name: string) => bigint(name, { mode: 'number' });
