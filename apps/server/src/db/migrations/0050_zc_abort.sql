-- Ends the current statement (and so everything it wrote) with SQLSTATE P0001 and the message
-- 'zc_abort:<reason>'. A statement that writes several facts in data-modifying CTEs calls it when a
-- later step could not be done, so the earlier steps are undone without a transaction round trip
-- (ADR 0026). For what should never happen only: the server logs each such error.
CREATE FUNCTION zc_abort(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'zc_abort:%', reason USING ERRCODE = 'P0001';
END
$$;
