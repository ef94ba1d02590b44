import { driver } from './overdueActions.driver'
import { drivePaths } from './runner'

drivePaths(driver)
