-- issue 57, cataloguing screens: a title suppressed from the OPAC (filled by its change)
select 1;
