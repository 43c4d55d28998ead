/**
 * The mini-apps module's face (issue 14): the registry of a tenant's mini apps, their API keys,
 * staff roles, settings and the activity history. Other modules import from here only.
 */
export { recordZmaActivity, type ZmaActivityInput } from './activity';
