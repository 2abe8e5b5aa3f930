-- issue 57, the MARC editor: a title's earlier versions of its record (filled by its change)
select 1;
