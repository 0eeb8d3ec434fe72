import { apiErrors, failure } from '@tranche/api';
import { isError } from 'ethers';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

/**
 * One error handler for the whole API: every failure answers the envelope `{statusCode, error: {message}}`
 * with the HTTP status equal to statusCode, and never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    const { statusCode, message } = describe(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    reply.status(statusCode).send(failure(statusCode, message));
  });
}

function describe(error: FastifyError | HttpError | Error): { statusCode: number; message: string } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
  // A read of a contract the node does not hold answers empty data: the node is behind, or another chain.
  if (isError(error, 'BAD_DATA') && error.value === '0x') {
    return { statusCode: 503, message: apiErrors.contractNotOnChain };
  }
  if (isError(error, 'NETWORK_ERROR') || isError(error, 'TIMEOUT') || isError(error, 'SERVER_ERROR')) {
    return { statusCode: 503, message: apiErrors.chainUnavailable };
  }
  const fastifyError = error as FastifyError;
  const code = fastifyError.code ?? '';
  const status = fastifyError.statusCode ?? 500;
  if (code === 'FST_ERR_VALIDATION') return { statusCode: 400, message: error.message };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return { statusCode: 413, message: apiErrors.bodyTooLarge };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return { statusCode: 415, message: apiErrors.unsupportedMediaType };
  }
  if (code.startsWith('FST_ERR_CTP') || (error instanceof SyntaxError && status === 400)) {
    return { statusCode: 400, message: apiErrors.bodyNotJson };
  }
  if (status >= 400 && status < 500) return { statusCode: status, message: apiErrors.badRequest };
  return { statusCode: 500, message: apiErrors.internal };
}
