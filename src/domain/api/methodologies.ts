/** Payload of GET /api/methodologies: the rulebooks the server checked at start. Shapes from mock-server/openapi.yaml through generated.ts. */
import type { components } from './generated';

export type Methodology = components['schemas']['Methodology'];
export type MethodologiesResponse = Methodology[];
export type MethodologyConstant = components['schemas']['MethodologyConstant'];
export type MethodologyTable = components['schemas']['MethodologyTable'];
export type MethodologyGate = components['schemas']['MethodologyGate'];
export type MethodologySource = components['schemas']['MethodologySource'];
export type MethodologyValue = components['schemas']['MethodologyValue'];
export type ConfidenceTag = components['schemas']['MethodologyTag'];
