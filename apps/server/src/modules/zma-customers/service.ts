/**
 * The mini-app customers module's face (issue 14 #8–#10): the end users of a mini app, their
 * sign-in through Zalo's identity, phone sharing, the customer token, the console's customer list,
 * history and dashboard. Other modules import from here only.
 */
export { createCustomerTokens, requireCustomer, type CustomerClaims, type CustomerTokens } from './customer-token';
