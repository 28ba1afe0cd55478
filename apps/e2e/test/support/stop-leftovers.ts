import { stopServiceProcesses } from '@wave/testing';

// After each whole-stack test file: whatever it started and did not stop (a start-up hook that
// timed out leaves its stack running) is stopped, so it does not slow the files after it.
afterAll(() => stopServiceProcesses());
