export * from './identity';
export * from './audit';
export * from './gateway';
export * from './followers';
export * from './events';
export * from './platform';
