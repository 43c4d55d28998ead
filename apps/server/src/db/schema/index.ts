export * from './identity';
export * from './audit';
