/**
 * Runs the flows one after another in one browser tab against a target, gathering per flow
 * the console messages and REST calls, the screenshots and the timings. Used by the test
 * (against cms-json) and by record-original.ts (against WordPress 6.1).
 */
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { FLOWS, type Flow, type FlowContext } from './flows.js';
import { type ConsoleEntry, observe, type RestCall } from './observe.js';
import type { EditorTarget } from './target.js';

/** What one flow did. */
export interface FlowOutcome {
  name: string;
  /** The error that stopped the flow, or `undefined` when it ran to the end. */
  error: Error | undefined;
  console: ConsoleEntry[];
  rest: RestCall[];
  /** How long the flow ran, in milliseconds. */
  ms: number;
}

/** Options of {@link runFlows}. */
export interface RunFlowsOptions {
  browser: Browser;
  target: EditorTarget;
  /** Where screenshots go (`NN-name.png`). */
  shots: string;
  /** The PNG the image upload chooses. */
  imagePath: string;
  /** Only these flows (by name), default every one. */
  only?: readonly string[];
  /** When this time (`Date.now()`) has passed, the flows not yet run are recorded as not run. */
  deadline?: number;
  /** Called with the browser context before the first flow (to watch its traffic). */
  onContext?: (context: BrowserContext) => void;
  /** Called when a flow ends (to print progress). */
  onFlowEnd?: (outcome: FlowOutcome) => void;
}

/** The flows' outcomes and what they made, for the caller's checks and its clean-up. */
export interface FlowsRun {
  outcomes: FlowOutcome[];
  context: FlowContext;
}

/** Runs the flows in order in a fresh browser context; a failed flow is recorded and the next one runs. */
export async function runFlows(options: RunFlowsOptions): Promise<FlowsRun> {
  const context = await options.browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(20_000);
  options.onContext?.(context);
  const page = await context.newPage();
  // Leaving an editor with unsaved changes asks first; the flows leave on purpose.
  context.on('page', (opened) => opened.on('dialog', (dialog) => void dialog.accept()));
  page.on('dialog', (dialog) => void dialog.accept());
  const observer = observe(page, options.target);
  let shotNumber = 0;
  const flow: FlowContext = {
    target: options.target,
    page,
    context,
    imagePath: options.imagePath,
    made: { otherPostIds: [], tagIds: [], mediaIds: [], genreIds: [] },
    timings: {},
    async shot(name, other) {
      shotNumber += 1;
      const file = `${String(shotNumber).padStart(2, '0')}-${name}.png`;
      await (other ?? flow.page).screenshot({ path: join(options.shots, file) });
    },
  };
  const outcomes: FlowOutcome[] = [];
  const selected: readonly Flow[] = options.only === undefined ? FLOWS : FLOWS.filter((one) => options.only?.includes(one.name));
  for (const one of selected) {
    const started = Date.now();
    let error: Error | undefined;
    if (options.deadline !== undefined && started > options.deadline) {
      const outcome = {
        name: one.name,
        error: new Error('not run: the time given to the flows ran out'),
        console: [],
        rest: [],
        ms: 0,
      };
      outcomes.push(outcome);
      options.onFlowEnd?.(outcome);
      continue;
    }
    try {
      await one.run(flow);
    } catch (thrown) {
      error = thrown instanceof Error ? thrown : new Error(String(thrown));
      await flow.shot(`${one.name}-failed`).catch(() => undefined);
    }
    // Answers still arriving belong to the flow that asked.
    await flow.page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const taken = observer.take();
    const outcome = { name: one.name, error, ...taken, ms: Date.now() - started };
    outcomes.push(outcome);
    options.onFlowEnd?.(outcome);
  }
  await context.close();
  return { outcomes, context: flow };
}
