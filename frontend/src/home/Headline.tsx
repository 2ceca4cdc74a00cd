import { HEADLINE_WORDS, useTypewriter } from './typewriter';
import { useMotionAllowed } from './reduced-motion';

/**
 * spec §2: '{Speak|Write|Think} Naturally', the word typed and deleted. Screen readers get one steady
 * sentence instead of a letter-by-letter stream.
 */
export function Headline() {
  const { text, cursorOn } = useTypewriter(HEADLINE_WORDS, useMotionAllowed());
  return (
    <h1 className="headline">
      <span className="sr-only">Speak, write and think naturally</span>
      <span aria-hidden="true" className="headline-visual">
        <span className="headline-word">
          <span data-testid="typed-word">{text}</span>
          <span className={cursorOn ? 'type-cursor' : 'type-cursor off'} data-testid="type-cursor" />
        </span>
        <span className="headline-rest">Naturally</span>
      </span>
    </h1>
  );
}
