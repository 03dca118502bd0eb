import { describe, expect, it } from 'vitest';
import { LoginDelays } from '../../../mock-server/store/loginDelays';
import { HashGate } from '../../../mock-server/auth/hashGate';
import { readCredentials } from '../../../mock-server/auth/credentials';
import { HttpError } from '../../../mock-server/http/errors';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('LoginDelays', () => {
  it('lets `limit` failures through, then makes the pair wait a delay that doubles with each failure, capped at the window', () => {
    const c = clock();
    const delays = new LoginDelays({ limit: 3, windowMs: 60_000, delayMs: 5_000 }, c.now);
    for (let i = 0; i < 2; i++) delays.failed('1.2.3.4', 'alice');
    expect(delays.waitMs('1.2.3.4', 'alice')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      delays.failed('1.2.3.4', 'alice');
      waits.push(delays.waitMs('1.2.3.4', 'alice'));
      c.advance(waits[i]);
    }
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 60_000]);
  });

  it('slows only that client for that name: another client, or another name, may try at once', () => {
    const delays = new LoginDelays({ limit: 1, windowMs: 60_000, delayMs: 5_000 });
    delays.failed('1.2.3.4', 'alice');
    expect(delays.waitMs('1.2.3.4', 'alice')).toBeGreaterThan(0);
    expect(delays.waitMs('5.6.7.8', 'alice')).toBe(0);
    expect(delays.waitMs('1.2.3.4', 'bob')).toBe(0);
  });

  it('forgets a pair on success and after a quiet window', () => {
    const c = clock();
    const delays = new LoginDelays({ limit: 1, windowMs: 60_000, delayMs: 5_000 }, c.now);
    delays.failed('a', 'alice');
    delays.succeeded('a', 'alice');
    expect(delays.waitMs('a', 'alice')).toBe(0);
    delays.failed('b', 'bob');
    c.advance(60_001);
    expect(delays.waitMs('b', 'bob')).toBe(0);
    expect(delays.size).toBe(0);
  });

  it('keeps at most maxEntries pairs, dropping the oldest', () => {
    const delays = new LoginDelays({ limit: 1, windowMs: 60_000, delayMs: 5_000, maxEntries: 100 });
    for (let i = 0; i < 1000; i++) delays.failed('a', `user${i}`);
    expect(delays.size).toBe(100);
    expect(delays.waitMs('a', 'user999')).toBeGreaterThan(0);
    expect(delays.waitMs('a', 'user0')).toBe(0);
  });
});

describe('HashGate', () => {
  it('runs at most `concurrency` tasks at once, queues `queue` more and refuses the rest with 503', async () => {
    const gate = new HashGate(2, 3);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running -= 1;
      return 'ok';
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => gate.run(task)));
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as HttpError);
    expect(refused.map((e) => e.status)).toEqual([503, 503, 503]);
    // the slots are free again afterwards
    expect(await gate.run(task)).toBe('ok');
  });

  /** A task that holds its slot until released. */
  const held = () => {
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    return { task: () => done, release };
  };
  const refusal = async (p: Promise<unknown>) =>
    (
      (await p.then(
        () => null,
        (e: unknown) => e,
      )) as HttpError | null
    )?.status;

  it("gives each signed-in account a share of two: its third hash is a 503, another account's and a login's wait their turn", async () => {
    const gate = new HashGate(1, 4);
    const first = held();
    const running = [gate.run(first.task, 7), gate.run(() => Promise.resolve('second'), 7)];
    expect(await refusal(gate.run(() => Promise.resolve('third'), 7))).toBe(503);
    const other = gate.run(() => Promise.resolve('other'), 8);
    const login = gate.run(() => Promise.resolve('login'));
    first.release();
    expect(await Promise.all([...running, other, login])).toEqual([undefined, 'second', 'other', 'login']);
    // the share is free again
    expect(await gate.run(() => Promise.resolve('again'), 7)).toBe('again');
  });

  it("keeps the logins' queue apart: accounts filling theirs leave a login its place, and the queues are served in turn", async () => {
    const gate = new HashGate(1, 2);
    const first = held();
    const order: string[] = [];
    const note = (name: string) => () => Promise.resolve(void order.push(name));
    const tasks = [gate.run(first.task, 1), gate.run(note('a2'), 2), gate.run(note('a3'), 3)];
    expect(await refusal(gate.run(note('a4'), 4))).toBe(503);
    tasks.push(gate.run(note('login1')), gate.run(note('login2')));
    expect(await refusal(gate.run(note('login3')))).toBe(503);
    first.release();
    await Promise.all(tasks);
    expect(order).toEqual(['login1', 'a2', 'login2', 'a3']);
  });
});

describe('readCredentials', () => {
  it('keys the throttles on the normalised, bounded name', () => {
    expect(readCredentials({ username: '  ＡdMin ', password: 'x' })).toEqual({ username: 'ＡdMin', password: 'x', throttleKey: 'admin' });
  });

  it.each([
    ['an object name', { username: { toString: null }, password: 'x' }],
    ['a nested array', { username: [[['a']]], password: 'x' }],
    ['a name over 64 characters', { username: 'a'.repeat(65), password: 'x' }],
    ['a number password', { username: 'a', password: 1 }],
    ['an array body', ['a', 'b']],
    ['no body', undefined],
  ])('refuses %s with a 400', (_name, body) => {
    expect(() => readCredentials(body)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
