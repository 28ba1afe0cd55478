import type { LoggerService } from '@nestjs/common';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import type { RpcClient } from './rpc-client';
import { RpcUnavailableError } from './rpc-client';

/** Why a claim was not made: media's refusal, or no answer from media at all. */
export type ClaimRefusal =
  Extract<RpcResponse<'media.claim-objects'>, { ok: false }>['reason'] | 'unavailable';

/** A claim's outcome: its `claimId` (for `releaseClaims`), or why there is none. */
export type ClaimOutcome = { ok: true; claimId: string } | { ok: false; reason: ClaimRefusal };

/**
 * Claims uploads from media (`media.claim-objects`), all or nothing. Media's
 * refusals come back as they are, and a media that does not answer as
 * `unavailable`: each service maps them to its own errors (every reason, so a
 * new one is a type error there). Other errors (a request the contract
 * refuses) are thrown. Claim as the last step before the write, and give the
 * claim back with `releaseClaims` if the write fails.
 */
export async function claimObjects(
  rpc: RpcClient,
  request: RpcRequest<'media.claim-objects'>,
): Promise<ClaimOutcome> {
  let answer: RpcResponse<'media.claim-objects'>;
  try {
    answer = await rpc.call('media.claim-objects', request);
  } catch (error) {
    if (error instanceof RpcUnavailableError) return { ok: false, reason: 'unavailable' };
    throw error;
  }
  return answer.ok ? { ok: true, claimId: answer.claimId } : { ok: false, reason: answer.reason };
}

/**
 * Gives back the claims a write made before it failed (`media.release-claims`
 * with the `claimId` the claim answered), so the uploads are free for the
 * user's retry. Best effort, never throws: when media does not answer, the
 * claim stays unverified, and media's clean-up releases it once the subject's
 * owner says the subject does not exist, or (for a profile, cover or icon)
 * does not show that image.
 *
 * Call it only for a failure seen before the commit (the `rolledBack` of
 * `EventOutbox.transaction`): after an unknown commit outcome the subject may
 * exist, and it is for the clean-up to ask.
 */
export async function releaseClaims(
  rpc: RpcClient,
  request: RpcRequest<'media.release-claims'>,
  logger: Pick<LoggerService, 'warn'>,
): Promise<void> {
  try {
    await rpc.call('media.release-claims', request);
  } catch (error) {
    logger.warn(
      `Claims of ${request.purpose} ${request.subjectId} not released (the clean-up will): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}
