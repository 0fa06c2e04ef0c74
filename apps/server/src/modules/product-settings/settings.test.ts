import type { ProductSettingsValues } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  exampleQuestionsOf,
  mergedAdditionalContent,
  settingsOf,
  settingsVersion,
} from './settings';

const values: ProductSettingsValues = {
  name: 'Bank',
  productCategory: 'NURSING',
  content: 'Content',
  targetAudience: '',
  questionFormat: '',
  authors: '',
  shortDescription: 'Short',
  shortAuthors: '',
  exampleQuestions: ['Q1'],
  demoVideo: '',
};

const row = (additionalContent: string | null) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Bank',
  productCategory: 'NURSING',
  content: 'Content',
  targetAudience: '',
  questionFormat: '',
  authors: '',
  additionalContent,
  published: true,
});

describe('product settings values', () => {
  it('reads exampleQuestions as a list of texts whatever was stored', () => {
    expect(exampleQuestionsOf(['a', 2, '', 'b'])).toEqual(['a', 'b']);
    expect(exampleQuestionsOf('one')).toEqual(['one']);
    expect(exampleQuestionsOf({ q: 'a' })).toEqual([]);
    expect(exampleQuestionsOf(undefined)).toEqual([]);
  });

  it('reads additionalContent that does not parse as empty fields', () => {
    expect(settingsOf(row('{not json'))).toMatchObject({
      shortDescription: '',
      shortAuthors: '',
      exampleQuestions: [],
      demoVideo: '',
    });
    expect(settingsOf(row(JSON.stringify({ shortDescription: 'S', exampleQuestions: ['x'] })))).toMatchObject(
      { shortDescription: 'S', exampleQuestions: ['x'] },
    );
  });

  it('merges the four fields into additionalContent, keeping other keys and leaving empty ones out', () => {
    expect(JSON.parse(mergedAdditionalContent('{"other":1,"demoVideo":"x"}', values)!)).toEqual({
      other: 1,
      shortDescription: 'Short',
      exampleQuestions: ['Q1'],
    });
    expect(JSON.parse(mergedAdditionalContent('[1,2]', values)!)).toEqual({
      shortDescription: 'Short',
      exampleQuestions: ['Q1'],
    });
    expect(
      mergedAdditionalContent('{broken', { ...values, shortDescription: '', exampleQuestions: [] }),
    ).toBeNull();
  });

  it('versions the values: equal values, equal versions; any change, another', () => {
    expect(settingsVersion({ ...values })).toBe(settingsVersion(values));
    expect(settingsVersion({ ...values, exampleQuestions: ['Q2'] })).not.toBe(settingsVersion(values));
    expect(settingsVersion({ ...values, name: 'bank' })).not.toBe(settingsVersion(values));
  });

  it('lists only the fields that changed, with both values', () => {
    expect(changedFields(values, { ...values, content: 'New', exampleQuestions: [] })).toEqual({
      changed: ['content', 'exampleQuestions'],
      before: { content: 'Content', exampleQuestions: ['Q1'] },
      after: { content: 'New', exampleQuestions: [] },
    });
    expect(changedFields(values, { ...values }).changed).toEqual([]);
  });
});
