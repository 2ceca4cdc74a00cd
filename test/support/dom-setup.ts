import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The dom project shares its worker between files (isolate: false in vitest.config.ts): each file
// still imports our own modules afresh, so a module's state and another file's mocks never reach it;
// the packages under them (React, jsdom's globals, the testing library) stay loaded.
vi.resetModules();

afterEach(() => cleanup());
