-- Face comparison now averages two networks' scores, on a different scale from the single network a
-- saved threshold was chosen for. A saved threshold would reject many genuine matches, so each segment
-- goes back to the engine's calibrated default (null) and its administrators choose again if they must.
update idv_settings
   set settings = jsonb_set(settings, '{faceMatchThreshold}', 'null'::jsonb), updated_at = now()
 where settings ? 'faceMatchThreshold' and settings -> 'faceMatchThreshold' <> 'null'::jsonb;
