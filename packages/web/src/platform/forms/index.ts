export { applyServerErrors } from './apply-server-errors';
export { useApiForm, type ApiFormOptions } from './use-api-form';
