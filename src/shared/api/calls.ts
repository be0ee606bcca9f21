import type { z } from 'zod';
import { auditCalls } from './auditCalls.ts';
import { authCalls } from './authCalls.ts';
import { blurJobCalls } from './blurJobCalls.ts';
import { clinicCalls } from './clinicCalls.ts';
import { clinicianCalls } from './clinicianCalls.ts';
import { codeCalls } from './codeCalls.ts';
import { exportCalls } from './exportCalls.ts';
import { fileCalls } from './fileCalls.ts';
import { patientCalls } from './patientCalls.ts';
import { poseJobCalls } from './poseJobCalls.ts';
import { reportCalls } from './reportCalls.ts';
import { serviceCalls } from './serviceCalls.ts';
import { sessionCalls } from './sessionCalls.ts';
import { uploadCalls } from './uploadCalls.ts';

/**
 * Every call of the API by its name (the specification's (docs/spec.md) name where it gives one, which is also its OpenAPI operationId).
 * The server registers its routes from this map and the OpenAPI document at /api/openapi.json is generated from it;
 * the client names the call it makes and gets its input and answer types from it.
 */
export const API_CALLS = {
  ...authCalls,
  ...patientCalls,
  ...clinicianCalls,
  ...clinicCalls,
  ...codeCalls,
  ...sessionCalls,
  ...uploadCalls,
  ...fileCalls,
  ...blurJobCalls,
  ...poseJobCalls,
  ...reportCalls,
  ...exportCalls,
  ...auditCalls,
  ...serviceCalls,
};

export type ApiCalls = typeof API_CALLS;
export type CallName = keyof ApiCalls;

type Part<K extends CallName, P extends string> = ApiCalls[K] extends { [Q in P]: infer S extends z.ZodType }
  ? S
  : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the client sends: the JSON body, the query parameters and the path parameters of a call. */
export type Body<K extends CallName> = InputOf<Part<K, 'body'>>;
export type Query<K extends CallName> = InputOf<Part<K, 'query'>>;

/** The JSON body a call answers with a status (200 unless said): what the client reads. */
export type Reply<K extends CallName, S extends number = 200> = ApiCalls[K]['answers'] extends {
  [T in S]: { json: infer J extends z.ZodType };
}
  ? z.output<J>
  : never;

/** The calls that take an Idempotency-Key: the changes the client queues in its outbox. */
export type IdempotentCall = {
  [K in CallName]: ApiCalls[K] extends { idempotent: true } ? K : never;
}[CallName];
