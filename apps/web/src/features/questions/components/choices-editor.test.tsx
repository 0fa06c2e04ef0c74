import { useForm } from '@mantine/form';
import { CHOICES_MAX, CHOICES_MIN } from '@qbank/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../../test/render';
import { blankQuestion, type QuestionFormValues } from '../lib/question-form';
import { ChoicesEditor } from './choices-editor';

/** The editor's choices in a form of their own, with the form's values shown for the test to read. */
function Harness({ initial }: { initial: QuestionFormValues }) {
  const form = useForm<QuestionFormValues>({ mode: 'controlled', initialValues: initial });
  const v = form.getValues();
  return (
    <>
      <ChoicesEditor form={form} />
      <output data-testid="values">
        {JSON.stringify({ choices: v.answerChoices.map((c) => c.uuid), correct: v.correctAnswerChoice })}
      </output>
    </>
  );
}

function open(count = 4) {
  const initial = blankQuestion('p1');
  initial.answerChoices = initial.answerChoices.slice(0, count);
  while (initial.answerChoices.length < count)
    initial.answerChoices.push({ uuid: `extra-${initial.answerChoices.length}`, text: '' });
  renderWithTheme(<Harness initial={initial} />);
  const values = () =>
    JSON.parse(screen.getByTestId('values').textContent ?? '{}') as {
      choices: string[];
      correct: string | null;
    };
  return { initial, values, user: userEvent.setup() };
}

describe('the question editor’s answer choices', () => {
  it('one choice is marked correct with its radio; removing it clears the correct answer', async () => {
    const { initial, values, user } = open();
    await user.click(screen.getByRole('radio', { name: 'B is correct' }));
    expect(values().correct).toBe(initial.answerChoices[1]!.uuid);
    await user.click(screen.getByRole('button', { name: 'Remove choice B' }));
    expect(values()).toEqual({
      choices: [0, 2, 3].map((i) => initial.answerChoices[i]!.uuid),
      correct: null,
    });
  });

  it('moves a choice up and down, keeping its own uuid (and so its statistics)', async () => {
    const { initial, values, user } = open();
    const [a, b, c] = initial.answerChoices.map((x) => x.uuid);
    await user.click(screen.getByRole('button', { name: 'Move choice C up' }));
    expect(values().choices.slice(0, 3)).toEqual([a, c, b]);
    expect(screen.getByRole('button', { name: 'Move choice A up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move choice D down' })).toBeDisabled();
  });

  it(`adds choices up to ${CHOICES_MAX} and removes them down to ${CHOICES_MIN}`, async () => {
    const { values, user } = open(CHOICES_MAX - 1);
    const add = screen.getByRole('button', { name: 'Add a choice' });
    await user.click(add);
    expect(values().choices).toHaveLength(CHOICES_MAX);
    expect(add).toBeDisabled();
    for (let n = CHOICES_MAX; n > CHOICES_MIN; n--)
      await user.click(screen.getByRole('button', { name: 'Remove choice A' }));
    expect(values().choices).toHaveLength(CHOICES_MIN);
    expect(screen.getByRole('button', { name: 'Remove choice A' })).toBeDisabled();
    expect(add).toBeEnabled();
  });

  it('each choice has its own labelled text field', () => {
    open(2);
    const group = screen.getByRole('group', { name: `Answer choices (${CHOICES_MIN}–${CHOICES_MAX})` });
    expect(within(group).getByText('Choice A')).toBeInTheDocument();
    expect(within(group).getByText('Choice B')).toBeInTheDocument();
  });
});
