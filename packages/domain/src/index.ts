export * from './money/currencies.js';
export * from './money/money.js';
export * from './api/api-path.js';
export * from './api/query-boolean.js';
export * from './api/error-contract.js';
export * from './auth/credentials.js';
export * from './brand/brand.js';
export * from './locale/time-zone.js';
