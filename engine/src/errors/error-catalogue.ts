/**
 * Every error code of the interface specification, defined once: HTTP status, type and the
 * developer-facing message. docs/errors.md lists the same codes (a test keeps them equal).
 *
 * Messages are written for developers and are safe to return as they are: they never repeat
 * document content or submitted values.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'processing_error'
  | 'api_error'
  | 'service_unavailable_error';

export interface CatalogueEntry {
  status: number;
  type: ErrorType;
  message: string;
}

export const ERROR_CATALOGUE = {
  // Credential and access codes: returned before anything else in the request is examined.
  missing_credentials: { status: 401, type: 'authentication_error', message: 'No credential was sent with the request.' },
  invalid_credentials: { status: 401, type: 'authentication_error', message: 'The credential does not start with a known prefix (svc_live_, svc_test_, svc_pk_live_, svc_pk_test_ or svc_ct_).' },
  invalid_api_key: { status: 401, type: 'authentication_error', message: 'No key matches this credential, or its application or organization no longer exists.' },
  api_key_revoked: { status: 401, type: 'authentication_error', message: 'The key, or the key that minted this token, has been revoked.' },
  api_key_expired: { status: 401, type: 'authentication_error', message: 'The key has reached its expiry date or its rotation grace period has ended.' },
  invalid_token: { status: 401, type: 'authentication_error', message: 'The client token is malformed, has a bad signature, or no longer matches the application of its key.' },
  token_expired: { status: 401, type: 'authentication_error', message: 'The client token has expired; request a new one.' },
  publishable_key_not_allowed: { status: 403, type: 'permission_error', message: 'A publishable key can only be used with POST /v1/client-sessions.' },
  publishable_key_required: { status: 403, type: 'permission_error', message: 'POST /v1/client-sessions requires a publishable key, not a secret key or client token.' },
  secret_key_required: { status: 403, type: 'permission_error', message: 'This endpoint requires a secret key.' },
  ip_not_allowed: { status: 403, type: 'permission_error', message: 'The request comes from an address outside the key\'s IP allow-list.' },
  origin_not_allowed: { status: 403, type: 'permission_error', message: 'Neither the origin nor the bundle id of the request is allowed for this restricted publishable key.' },
  tenant_suspended: { status: 403, type: 'permission_error', message: 'The organization is suspended, so all of its keys are refused.' },
  tenant_closed: { status: 403, type: 'permission_error', message: 'The organization is scheduled for deletion, so all of its keys are refused and the console is read-only.' },
  application_disabled: { status: 403, type: 'permission_error', message: 'The application is disabled or archived.' },

  // Capability and document type codes.
  missing_capability: { status: 403, type: 'permission_error', message: 'The credential lacks a capability this request needs; details.missing lists them.' },
  scope_not_granted: { status: 403, type: 'permission_error', message: 'The requested capabilities exceed what the issuing key, application or organization holds; details.not_granted lists them.' },
  verification_disabled: { status: 403, type: 'permission_error', message: 'Verified mode is not available because the data policy disables language models.' },
  custom_document_types_not_allowed: { status: 403, type: 'permission_error', message: 'Using the organization\'s own document types requires the schemas.execute capability.' },
  document_type_not_assigned: { status: 403, type: 'permission_error', message: 'This document type is not on the application\'s list of document types.' },
  document_type_not_allowed: { status: 403, type: 'permission_error', message: 'The client token was minted for other document types.' },
  document_type_required: { status: 400, type: 'invalid_request_error', message: 'No document type was given and the application has no default document type.' },
  document_type_not_found: { status: 404, type: 'not_found_error', message: 'No active document type with this key exists for the application.' },
  document_type_unpublished: { status: 409, type: 'conflict_error', message: 'The document type has only a draft and no published version.' },
  version_not_found: { status: 404, type: 'not_found_error', message: 'The document type has no published version with this number.' },
  schema_not_found: { status: 404, type: 'not_found_error', message: 'No published version with this schema id exists in the organization.' },

  // Request parameter codes.
  invalid_parameters: { status: 400, type: 'invalid_request_error', message: 'A parameter is missing or has the wrong type; details.errors lists each one.' },
  invalid_json: { status: 400, type: 'invalid_request_error', message: 'A JSON parameter (options, metadata or client_ocr) is not valid JSON; param names it.' },
  invalid_options: { status: 400, type: 'invalid_request_error', message: 'The options parameter must be a JSON object.' },
  invalid_option: { status: 400, type: 'invalid_request_error', message: 'An option has an unacceptable value; param names it.' },
  invalid_mode: { status: 400, type: 'invalid_request_error', message: 'The mode must be fast, standard or verified.' },
  invalid_metadata: { status: 400, type: 'invalid_request_error', message: 'The metadata must be a flat object of strings, numbers, booleans or nulls of at most 2048 bytes.' },
  invalid_client_ocr: { status: 400, type: 'invalid_request_error', message: 'The client_ocr parameter must be {width, height, lines} or {pages} and contain at least one text line.' },
  no_document: { status: 400, type: 'invalid_request_error', message: 'The request has neither a file nor client_ocr.' },
  invalid_idempotency_key: { status: 400, type: 'invalid_request_error', message: 'The Idempotency-Key is longer than 128 characters.' },
  idempotency_key_reused: { status: 409, type: 'conflict_error', message: 'This Idempotency-Key was already used by the same credential for a different request within the last 24 hours.' },
  extraction_not_found: { status: 404, type: 'not_found_error', message: 'No such extraction exists for the calling application.' },
  invalid_ttl: { status: 400, type: 'invalid_request_error', message: 'The ttl_seconds must be between 60 and 3600.' },
  no_scopes: { status: 400, type: 'invalid_request_error', message: 'The token or key would hold no capability.' },
  invalid_key: { status: 400, type: 'invalid_request_error', message: 'A document type key must be 2 to 64 characters of a-z, 0-9 and underscore, starting with a letter.' },
  key_taken: { status: 409, type: 'conflict_error', message: 'The organization already has a document type with this key.' },
  unknown_template: { status: 400, type: 'invalid_request_error', message: 'The template must be payment_receipt, retail_receipt or invoice.' },
  invalid_definition: { status: 400, type: 'invalid_request_error', message: 'The document type definition breaks the definition language; details.problems lists every problem.' },
  too_many_document_types: { status: 409, type: 'conflict_error', message: 'The organization has reached its limit of active document types (50 by default).' },

  // Document codes: judged by the file's bytes, not its name or declared type.
  empty_file: { status: 400, type: 'invalid_request_error', message: 'The file is empty.' },
  file_too_large: { status: 400, type: 'invalid_request_error', message: 'The file is larger than the allowed size (20 MB, or the organization\'s lower limit).' },
  unsupported_media_type: { status: 400, type: 'invalid_request_error', message: 'The file is not JPEG, PNG, WebP, TIFF, HEIC/HEIF or PDF (AVIF is not accepted).' },
  heic_unsupported: { status: 400, type: 'invalid_request_error', message: 'The file is HEIC/HEIF and this deployment cannot decode it.' },
  image_too_large: { status: 400, type: 'invalid_request_error', message: 'The image is over 14,000 pixels on a side or 60 megapixels, also after decompression.' },
  unreadable_image: { status: 400, type: 'invalid_request_error', message: 'The image is damaged, truncated or cannot be decoded.' },
  unreadable_pdf: { status: 400, type: 'invalid_request_error', message: 'The PDF cannot be parsed or one of its pages cannot be rendered.' },
  pdf_encrypted: { status: 400, type: 'invalid_request_error', message: 'The PDF is password-protected.' },
  empty_pdf: { status: 400, type: 'invalid_request_error', message: 'The PDF has no pages.' },
  too_many_pages: { status: 400, type: 'invalid_request_error', message: 'The document has more pages than allowed (30, or the organization\'s lower limit).' },
  processing_timeout: { status: 504, type: 'processing_error', message: 'Processing took too long; resend the document with async=true.' },
  ocr_unavailable: { status: 503, type: 'service_unavailable_error', message: 'No text recogniser is available right now; retry later.' },

  // Rate and quota codes.
  rate_limited: { status: 429, type: 'rate_limit_error', message: 'Too many requests; retry after the number of seconds in Retry-After.' },
  quota_exceeded: { status: 429, type: 'rate_limit_error', message: 'The organization has used its monthly document quota; Retry-After counts to the next month.' },
  key_quota_exceeded: { status: 429, type: 'rate_limit_error', message: 'The key has used its monthly quota.' },

  // Service codes.
  // The HTTP layer's own answers (spec: codes of the form http_<status>).
  http_400: { status: 400, type: 'invalid_request_error', message: 'The request could not be read as HTTP (its framing, method or URL is malformed).' },
  http_404: { status: 404, type: 'not_found_error', message: 'No endpoint answers this method and path.' },
  http_408: { status: 408, type: 'invalid_request_error', message: 'The request was not received in time.' },
  http_413: { status: 413, type: 'invalid_request_error', message: 'The request body is larger than this endpoint takes (1 MB for a JSON body).' },
  http_431: { status: 431, type: 'invalid_request_error', message: 'The request headers are larger than the server takes (16 KB in all).' },
  internal_error: { status: 500, type: 'api_error', message: 'An unexpected error occurred. Retry with a growing pause.' },
  receviz_disabled: { status: 503, type: 'service_unavailable_error', message: 'The public API is switched off for now; the console keeps working.' },

  // Console codes (same error body).
  invalid_kind: { status: 400, type: 'invalid_request_error', message: 'The key kind must be secret or publishable.' },
  unknown_scope: { status: 400, type: 'invalid_request_error', message: 'A capability code does not exist.' },
  scope_not_public: { status: 400, type: 'invalid_request_error', message: 'A publishable key cannot be given a server-only capability.' },
  too_many_credentials: { status: 409, type: 'conflict_error', message: 'The application already has the maximum of 25 active keys.' },
  invalid_expiry: { status: 400, type: 'invalid_request_error', message: 'The expires_in_days must be between 1 and 3650.' },
  credential_inactive: { status: 409, type: 'conflict_error', message: 'A revoked or expired key cannot be rotated.' },
  invalid_grace: { status: 400, type: 'invalid_request_error', message: 'The grace period must be between 0 and 168 hours.' },
  already_revoked: { status: 409, type: 'conflict_error', message: 'The key is already revoked.' },
  credential_not_found: { status: 404, type: 'not_found_error', message: 'No such key exists in this application.' },
  tenant_inactive: { status: 403, type: 'permission_error', message: 'The organization is not active, so no keys can be issued.' },
  application_inactive: { status: 403, type: 'permission_error', message: 'The application is not active, so no keys can be issued.' },
  invalid_origin: { status: 400, type: 'invalid_request_error', message: 'An allowed origin must have the form scheme://host[:port].' },
  invalid_bundle_id: { status: 400, type: 'invalid_request_error', message: 'A bundle id must be in reverse-domain form.' },
  invalid_ip: { status: 400, type: 'invalid_request_error', message: 'An IP restriction must be an address or a CIDR range.' },
  too_many_restrictions: { status: 400, type: 'invalid_request_error', message: 'A restriction list has more than 50 entries.' },
  restriction_not_applicable: { status: 400, type: 'invalid_request_error', message: 'Origins and bundle ids cannot be set on a secret key.' },
  invalid_rate_limit: { status: 400, type: 'invalid_request_error', message: 'The rate limit must be a whole number from 1 to 100000.' },
  invalid_quota: { status: 400, type: 'invalid_request_error', message: 'The quota must be a whole number of at least 1.' },
  invalid_webhook_url: { status: 400, type: 'invalid_request_error', message: 'The webhook URL must be a valid https URL without credentials.' },
  webhook_url_not_public: { status: 400, type: 'invalid_request_error', message: 'The webhook URL points to a local name or a non-public address.' },
  webhook_url_unresolvable: { status: 400, type: 'invalid_request_error', message: 'The host of the webhook URL does not resolve.' },
  unknown_event: { status: 400, type: 'invalid_request_error', message: 'An event name is not one of the three subscribable events.' },
  too_many_endpoints: { status: 409, type: 'conflict_error', message: 'The application already has the maximum of 5 webhook endpoints.' },
  webhook_not_found: { status: 404, type: 'not_found_error', message: 'No such webhook endpoint exists.' },
  encryption_unconfigured: { status: 503, type: 'service_unavailable_error', message: 'This deployment is not configured to encrypt webhook signing secrets.' },
  document_type_archived: { status: 409, type: 'conflict_error', message: 'An archived document type cannot be edited.' },
  no_draft: { status: 409, type: 'conflict_error', message: 'The document type has no draft to publish.' },
  nothing_changed: { status: 409, type: 'conflict_error', message: 'The draft is the same as the latest published version.' },
  breaking_change: { status: 409, type: 'conflict_error', message: 'The draft breaks the schema; details.changes lists the changes, and it must be published deliberately as a new version.' },
  invalid_version: { status: 400, type: 'invalid_request_error', message: 'The pinned version does not exist for this document type.' },
  invalid_environment: { status: 400, type: 'invalid_request_error', message: 'The environment must be development, test or production.' },
  name_required: { status: 400, type: 'invalid_request_error', message: 'The application needs a name.' },
  too_many_applications: { status: 409, type: 'conflict_error', message: 'The organization has reached its application limit (20 by default).' },
  invalid_setting: { status: 400, type: 'invalid_request_error', message: 'An application setting has an unacceptable value.' },
  invalid_policy: { status: 400, type: 'invalid_request_error', message: 'A data policy value is unacceptable or its number of days is out of range.' },
  application_not_found: { status: 404, type: 'not_found_error', message: 'No such application exists.' },
  tenant_not_found: { status: 404, type: 'not_found_error', message: 'No such organization exists or you are not a member of it.' },
  zero_retention: { status: 403, type: 'permission_error', message: 'Results cannot be opened in the console under the zero-retention policy.' },
  role_insufficient: { status: 403, type: 'permission_error', message: 'Your role does not allow this action.' },
  invalid_role: { status: 400, type: 'invalid_request_error', message: 'The role must be owner, admin, developer or viewer.' },
  invalid_email: { status: 400, type: 'invalid_request_error', message: 'The invitation email address is not valid.' },
  already_member: { status: 409, type: 'conflict_error', message: 'This person is already a member or already invited.' },
  last_owner: { status: 409, type: 'conflict_error', message: 'The change would leave the organization without an owner.' },
  member_not_found: { status: 404, type: 'not_found_error', message: 'No such member exists.' },
  credential_required: { status: 400, type: 'invalid_request_error', message: 'The playground needs an active key of the application.' },
  access_requests_closed: { status: 403, type: 'permission_error', message: 'New access requests are not being accepted.' },
  organization_required: { status: 400, type: 'invalid_request_error', message: 'The access request needs an organization name.' },
  use_case_required: { status: 400, type: 'invalid_request_error', message: 'The access request needs a use case.' },
  request_pending: { status: 409, type: 'conflict_error', message: 'An access request is already awaiting review.' },
  request_decided: { status: 409, type: 'conflict_error', message: 'The access request has already been decided.' },
  request_not_found: { status: 404, type: 'not_found_error', message: 'No such access request exists.' },
  // Console codes the spec's tables do not name (sign-in, invitations, review, proposals); docs/errors.md
  // lists them under "Console codes beyond the spec".
  sign_in_required: { status: 401, type: 'authentication_error', message: 'Sign in to the console first: the session is missing, has ended or was signed out.' },
  sign_in_failed: { status: 401, type: 'authentication_error', message: 'The email address or the password is wrong.' },
  csrf_token_invalid: { status: 403, type: 'permission_error', message: 'A console change needs the session\'s token in the X-CSRF-Token header, sent from the console\'s own origin.' },
  invitation_invalid: { status: 404, type: 'not_found_error', message: 'The invitation link is unknown, already used or expired.' },
  weak_password: { status: 400, type: 'invalid_request_error', message: 'The password must be 10 to 200 characters long.' },
  llm_unconfigured: { status: 503, type: 'service_unavailable_error', message: 'No language model is configured on this server, so proposals from a description are unavailable.' },
  llm_unavailable: { status: 503, type: 'service_unavailable_error', message: 'The configured language model could not be reached or gave no usable answer; try again later.' },
  field_not_found: { status: 404, type: 'not_found_error', message: 'The extraction has no such field.' },
  invalid_correction: { status: 400, type: 'invalid_request_error', message: 'The corrected value does not fit the field\'s type.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
