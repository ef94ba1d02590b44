-- Every message names files as evidence (issue 39, item 9). Files count as evidence for a rating since issue 30
-- (a file is an assessment_evidence row of kind 'file', and the rule asks for any row), but the refusal still said
-- "add a note or a link". The sentence is now the one the browser shows for the same rule
-- (ASSESSMENT_MESSAGES.evidenceRequired in src/domain/assessments.ts; tests/backend/assessments.sql.test.ts checks
-- they agree).
--
-- Only the sentence changes: the function is redefined from its own current text with that one string replaced,
-- so whatever else a migration before this one made of it stays as it is. It fails loudly if the sentence is not
-- there (the function was rewritten meanwhile and this migration must be rewritten with it). Its privileges
-- (none for the API roles) are kept by create or replace.
do $$
declare
  old_sentence constant text := 'A rating needs at least one piece of evidence: add a note or a link.';
  new_sentence constant text := 'Add evidence (a note, a link or a file) before rating.';
  definition text := pg_get_functiondef('private.assessment_items_before_write()'::regprocedure);
begin
  if position(old_sentence in definition) = 0 then
    raise exception 'private.assessment_items_before_write() no longer says "%"', old_sentence;
  end if;
  execute replace(definition, old_sentence, new_sentence);
end
$$;
