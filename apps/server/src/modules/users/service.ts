// The users module's public surface for other modules (issue 10 #7): an accepted invitation gives the
// new member their tenant memberships in the caller's transaction.
export { setTenantMemberships } from './repo';
