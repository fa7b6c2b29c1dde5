export { ERROR_CATALOGUE, type CatalogueEntry, type ErrorCode, type ErrorType } from './error-catalogue.js';
export { ServiceError, isServiceError, type ServiceErrorOptions } from './service-error.js';
export { serializeError, DEFAULT_DOC_BASE_URL, type ErrorBody, type SerializeErrorContext } from './serialize-error.js';
