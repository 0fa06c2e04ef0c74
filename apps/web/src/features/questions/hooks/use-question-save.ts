import type { UseFormReturnType } from '@mantine/form';
import type { QuestionStatus } from '@qbank/contract';
import { useRef, useState } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router';
import { formErrorMessage } from '../../../lib/form-errors';
import { useDeleteQuestion, useSaveQuestion, useStoreMediaFile } from '../api/questions';
import type { MediaEntry } from '../lib/media';
import { focusFirstError, needsCorrectAnswer } from '../lib/question-checks';
import { type QuestionFormValues, questionInputOf } from '../lib/question-form';
import { MediaUploadFailed, saveQuestionWithMedia } from '../lib/save-question';
import { isVersionConflict, showQuestionFieldError } from '../lib/server-errors';
import type { useMediaEntries } from './use-media-entries';

interface Args {
  form: UseFormReturnType<QuestionFormValues>;
  /** The question's uuid (made on the page for a new one). */
  questionId: string;
  /** Its status now; null for a new question. */
  status: QuestionStatus | null;
  /** The version the editor started from; the save is made over it. */
  version?: number;
  savedNote?: string;
  mediaEntries: ReturnType<typeof useMediaEntries>;
}

/**
 * The editor's actions and what comes of them: a save or a workflow step (the form's checks, the question and
 * its images and videos saved, then where the page goes), and a delete after its confirmation. Tracks the
 * version saved over, the action running, the note or error to show, a version conflict, and whether the page
 * is being left on purpose (the unsaved-changes guard then stands aside).
 */
export function useQuestionSave({ form, questionId, status, version, savedNote, mediaEntries }: Args) {
  const navigate = useNavigate();
  const save = useSaveQuestion();
  const remove = useDeleteQuestion();
  const storeFile = useStoreMediaFile();
  const { media } = mediaEntries;
  const [baseVersion, setBaseVersion] = useState(version);
  const [pending, setPending] = useState<QuestionStatus | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [note, setNote] = useState(savedNote ?? null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  const leaving = useRef(false);
  const isNew = status === null;

  /** Moves on once a save is done, past the unsaved-changes guard. */
  const leave = (to: string, options?: NavigateOptions) => {
    leaving.current = true;
    navigate(to, options);
  };

  /** An action of the editor: its checks first, then Publish asks before it goes out to learners. */
  const run = async (to: QuestionStatus) => {
    if (pending) return;
    setFormError(null);
    setNote(null);
    if (to === 'DELETED' && !isNew) {
      setConfirmingDelete(true);
      return;
    }
    if (form.validate().hasErrors) {
      focusFirstError();
      return;
    }
    if (needsCorrectAnswer(to) && !form.getValues().correctAnswerChoice) {
      form.setFieldError('correctAnswerChoice', 'Pick the correct answer first');
      focusFirstError();
      return;
    }
    if (to === 'PUBLISHED' && status !== 'PUBLISHED') {
      setConfirmingPublish(true);
      return;
    }
    await saveNow(to);
  };

  const saveNow = async (to: QuestionStatus) => {
    setPending(to);
    try {
      const values = form.getValues();
      const saved = await saveQuestionWithMedia(
        { to, baseVersion, media },
        {
          storeFile: (e: MediaEntry) =>
            storeFile.mutateAsync({ productId: values.productUuid, file: e.file! }),
          saveQuestion: (s, from, mediaInput) =>
            save.mutateAsync({
              input: { ...questionInputOf(values, s, from), media: mediaInput },
              isNew: from === undefined,
            }),
        },
        { stored: (e, file) => mediaEntries.stored(e.key, file) },
      );
      // One save, one version: the form and its media are now that version.
      form.resetDirty();
      mediaEntries.saved();
      setBaseVersion(saved.version);
      // A step of the workflow: the question's own page shows where it now stands.
      if (to !== (status ?? 'DRAFT')) leave(`/questions/${saved.uuid}`);
      else if (isNew)
        leave(`/questions/${saved.uuid}/edit`, {
          replace: true,
          state: { savedNote: `Saved as version ${saved.version}.` },
        });
      else setNote(`Saved as version ${saved.version}.`);
    } catch (e) {
      if (e instanceof MediaUploadFailed) {
        // Nothing was saved: the files stored so far are kept for the next try.
        setFormError(`A file could not be uploaded, so nothing was saved: ${formErrorMessage(e.cause)}`);
      } else if (isVersionConflict(e)) setConflict(true);
      else if (showQuestionFieldError(form, e)) focusFirstError();
      else setFormError(formErrorMessage(e));
    } finally {
      setPending(null);
    }
  };

  const deleteNow = async () => {
    try {
      await remove.mutateAsync(questionId);
      leaving.current = true;
      setConfirmingDelete(false);
      navigate('/questions');
    } catch (e) {
      setConfirmingDelete(false);
      setFormError(formErrorMessage(e));
    }
  };

  return {
    run,
    pending,
    formError,
    conflict,
    note,
    leaving,
    publish: {
      confirming: confirmingPublish,
      confirm: () => {
        setConfirmingPublish(false);
        void saveNow('PUBLISHED');
      },
      cancel: () => setConfirmingPublish(false),
    },
    delete: {
      confirming: confirmingDelete,
      deleting: remove.isPending,
      confirm: deleteNow,
      cancel: () => setConfirmingDelete(false),
    },
  };
}
