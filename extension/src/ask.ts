// Shows one of questions.ts's questions in a modal dialog and returns its answer: the only place the extension opens
// one, so every modal question has its safe default checked there (questions.test.ts).
import * as vscode from 'vscode';
import type { Question } from './questions.js';

export async function ask<Answer extends string>(question: Question<Answer>): Promise<Answer> {
  const options: vscode.MessageOptions = { modal: true, ...(question.detail === undefined ? {} : { detail: question.detail }) };
  return question.answer(await vscode.window.showWarningMessage(question.message, options, ...question.buttons));
}
