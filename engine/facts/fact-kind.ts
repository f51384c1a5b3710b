import type { z } from 'zod';
import type { Roles } from '../roles.ts';
import type { Minutes } from '../time.ts';
import type { PreparedWorld } from '../world.ts';

/** What a fact's value looks like, so the load-time lint can check paths and operator types. */
export type Shape =
  | { type: 'number' | 'boolean' | 'string' | 'any' }
  | { type: 'record'; collection: string }
  | { type: 'object'; fields: Record<string, Shape> };

export interface RunContext {
  world: PreparedWorld;
  now: Minutes;
  today: number;
  actorId: number;
  input: Record<string, unknown>;
  /** rules/roles.json, for the facts and conditions that name its groups and permissions. */
  roles?: Roles | null;
}

/** One kind of fact: its params (from the rules JSON), the shape of its value and how to compute it. */
export interface FactKind {
  name: string;
  description: string;
  params: z.ZodType;
  /** The value's shape given the (raw) params. */
  shape(params: Record<string, unknown>): Shape;
  /** Params arrive with every reference resolved. Returns null when an input is null. */
  compute(params: Record<string, unknown>, ctx: RunContext): unknown;
}

export const NUMBER: Shape = { type: 'number' };
export const BOOLEAN: Shape = { type: 'boolean' };
