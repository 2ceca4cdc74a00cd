/** The React floor: React and ReactDOM alone, hydrating the same prerendered heading. */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Hello } from '../app';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Hello />
  </StrictMode>,
);
