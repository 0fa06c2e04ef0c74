import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { QUESTION_NAME_MAX, REFERENCE_MAX } from '@qbank/contract';
import { useProductTree } from '../../catalogue/api/product-tree';
import type { useMediaEntries } from '../hooks/use-media-entries';
import { subcategoryGroups } from '../lib/placement';
import type { QuestionFormValues } from '../lib/question-form';
import { ChoicesEditor } from './choices-editor';
import { MediaList } from './media-list';
import { RichTextField } from './rich-text-field';

/** Splits a textarea into the lines it holds (empty ones kept while typing; the save drops them). */
const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));

/**
 * The editor's fields, in the order a writer fills them: name, stem and its media, choices, explanation and its
 * media, references, reinforcements, placement in the product's tree, free sample.
 */
export function QuestionFields({
  form,
  initial,
  mediaEntries,
}: {
  form: UseFormReturnType<QuestionFormValues>;
  /** The values the editor opened with: the rich-text fields start from them. */
  initial: QuestionFormValues;
  mediaEntries: ReturnType<typeof useMediaEntries>;
}) {
  const tree = useProductTree(initial.productUuid);
  const { media } = mediaEntries;
  const values = form.getValues();
  return (
    <>
      <TextInput
        id="question-name"
        label="Name"
        description="For finding it in My Questions; learners do not see it."
        maxLength={QUESTION_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <RichTextField
        id="question-questionStem"
        label="Stem"
        description="The question as the learner reads it."
        initialValue={initial.questionStem}
        onChange={(html) => form.setFieldValue('questionStem', html)}
        error={form.errors.questionStem}
        required
      />
      <MediaList
        entries={media}
        mediaType="STEM"
        onAdd={mediaEntries.add('STEM')}
        onToggle={mediaEntries.toggle}
      />
      <ChoicesEditor form={form} />
      <RichTextField
        id="question-explanation"
        label="Explanation"
        description="Shown with the correct answer: why it is right and the others are not."
        initialValue={initial.explanation}
        onChange={(html) => form.setFieldValue('explanation', html)}
        error={form.errors.explanation}
      />
      <MediaList
        entries={media}
        mediaType="EXPLANATION"
        onAdd={mediaEntries.add('EXPLANATION')}
        onToggle={mediaEntries.toggle}
      />
      <Textarea
        id="question-references"
        label="References"
        description="One per line; empty lines are dropped."
        autosize
        minRows={2}
        value={values.references.join('\n')}
        onChange={(e) => form.setFieldValue('references', linesOf(e.currentTarget.value))}
        error={form.errors.references}
        maxLength={REFERENCE_MAX * 10}
      />
      <Textarea
        id="question-reinforcements"
        label="Reinforcements"
        description="Key points to remember, one per line; empty lines are dropped."
        autosize
        minRows={2}
        value={values.reinforcements.join('\n')}
        onChange={(e) => form.setFieldValue('reinforcements', linesOf(e.currentTarget.value))}
        error={form.errors.reinforcements}
      />
      <Select
        id="question-subcategoryUuid"
        label="Placement"
        description="The subcategory this question belongs to."
        placeholder={tree.isPending ? 'Loading subjects…' : 'Not placed yet'}
        data={subcategoryGroups(tree.data?.productTree)}
        searchable
        clearable
        nothingFoundMessage="No subcategory by that name"
        {...form.getInputProps('subcategoryUuid')}
      />
      <Checkbox
        id="question-freeSample"
        label="Free sample: learners on a free plan can practise with this question"
        {...form.getInputProps('freeSample', { type: 'checkbox' })}
      />
    </>
  );
}
