-- 学籍番号 typed in 全角 before the forms read them as half-width: each full-width letter, digit,
-- symbol and space becomes its ASCII character, once (a number with none is left alone, so running
-- this again changes nothing). The same conversion as toHalfWidth (src/shared/half-width.ts).
UPDATE "students"
SET "student_number" = btrim(translate("student_number",
  '！＂＃＄％＆＇（）＊＋，－．／０１２３４５６７８９：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～　',
  '!"#$%&''()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~ '))
WHERE "student_number" ~ '[！-～　]';
