// The async boundary that lets module federation negotiate shared singletons before any of them is used.
import('./bootstrap');
