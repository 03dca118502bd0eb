import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FocusTooltip } from '../../../src/layout/FocusTooltip';

afterEach(() => vi.useRealTimers());

function renderTrigger() {
  render(
    <FocusTooltip title="Failed rules: burn duration">
      {(trigger) => (
        <span role="img" aria-label="Invalid burn" tabIndex={0} {...trigger}>
          ✗
        </span>
      )}
    </FocusTooltip>,
  );
  return screen.getByRole('img', { name: 'Invalid burn' });
}

describe('FocusTooltip', () => {
  it('opens on focus, and an Escape pressed at once keeps it closed past the enter delay', () => {
    vi.useFakeTimers();
    const trigger = renderTrigger();
    act(() => trigger.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Failed rules: burn duration');
    fireEvent.keyDown(trigger, { key: 'Escape' });
    // MUI's own open on focus waits its 100 ms enter delay: it must not bring the panel back
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens and closes on Enter and Space', () => {
    vi.useFakeTimers();
    const trigger = renderTrigger();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(trigger, { key: ' ' });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.keyDown(trigger, { key: ' ' });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });
});
