-- An assertion usable inside one SQL statement (ADR 0003): the send batch is a single autocommit
-- statement, and a violated precondition (a prepaid balance that would go negative, a threshold
-- crossing that must alert, a tenant without a wallet) has to abort the whole statement. SQLSTATE
-- ZC001 tells such an abort apart from a real database error.
CREATE OR REPLACE FUNCTION zc_assert(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'ZC001', MESSAGE = message;
  END IF;
  RETURN true;
END
$$;
