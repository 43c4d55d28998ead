/** Statement statuses (api/statements.ts) without Zod, for the console's route chunks; the contract re-exports them. */
export const STATEMENT_STATUSES = ['GENERATED', 'ISSUED', 'PAID'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
