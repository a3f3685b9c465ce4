-- Registrations sent before the forms read 学籍番号 as half-width (migration 0023 converted the
-- students' own rows) still wait in pending_registrations for their link, and would be stored as
-- typed once confirmed: the same conversion for them, once (a number with no full-width
-- character is left alone, so running this again changes nothing).
UPDATE "pending_registrations"
SET "data" = jsonb_set("data", '{studentNumber}', to_jsonb(btrim(translate("data"->>'studentNumber',
  '！＂＃＄％＆＇（）＊＋，－．／０１２３４５６７８９：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～　',
  '!"#$%&''()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~ '))))
WHERE "data"->>'studentNumber' ~ '[！-～　]';
