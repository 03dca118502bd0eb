import type { Credentials } from '../providers/login';
import { FIRST_PAINT_SUBMIT } from './prerender/firstPaint';

/**
 * What a visitor typed into the prerendered login form before its script
 * arrived (a slow phone shows the form seconds earlier). Hydration resets the
 * inputs to the form's state, so this is read during the hydrating render,
 * while the painted inputs still hold it. Outside a browser: nothing.
 */
export function typedBeforeHydration(root: ParentNode | undefined = globalThis.document): Partial<Credentials> {
  const typed: Partial<Credentials> = {};
  for (const name of ['username', 'password'] as const) {
    const input = root?.querySelector<HTMLInputElement>(`#root form input[name="${name}"]`);
    if (input?.value) typed[name] = input.value;
  }
  return typed;
}

/** Whether Enter was pressed in the painted form with both fields filled (firstPaint.ts); read during the hydrating render. */
export function submittedBeforeHydration(root: ParentNode | undefined = globalThis.document): boolean {
  return root?.querySelector(`#root[${FIRST_PAINT_SUBMIT}]`) != null;
}

/** Forgets that Enter, once the live form has submitted it. */
export function clearSubmittedBeforeHydration(root: ParentNode | undefined = globalThis.document): void {
  root?.querySelector('#root')?.removeAttribute(FIRST_PAINT_SUBMIT);
}
