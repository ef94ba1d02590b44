import { driver } from './team.driver'
import { drivePaths } from './runner'

drivePaths(driver)
