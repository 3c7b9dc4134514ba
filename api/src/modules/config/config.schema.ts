// The response contract lives in shared-kit, where the front ends read it too.
export { commonConfigResponseSchema, loginProvidersSchema, type CommonConfigResponse } from 'shared-kit/schemas';
