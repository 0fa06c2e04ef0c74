import { useLocalStorage } from '@mantine/hooks';
import {
  DEFAULT_FONT_SIZE_STEP,
  FONT_SIZE_STORAGE_KEY,
  parseFontSizeStep,
  stepFontSize,
} from '../lib/font-size';

/**
 * The learner's text size for questions, kept in this browser (every exam screen and review shows it; a change
 * in one reaches the others at once).
 */
export function useFontSize() {
  const [step, setStep] = useLocalStorage<number>({
    key: FONT_SIZE_STORAGE_KEY,
    defaultValue: DEFAULT_FONT_SIZE_STEP,
    getInitialValueInEffect: false,
    serialize: String,
    deserialize: (v) => parseFontSizeStep(v),
  });
  return {
    step,
    smaller: () => setStep((s) => stepFontSize(s, -1)),
    larger: () => setStep((s) => stepFontSize(s, 1)),
  };
}
